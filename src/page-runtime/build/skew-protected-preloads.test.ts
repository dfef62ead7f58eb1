import { describe, expect, it } from 'vitest';
import { addQueryToPreloads, deployQuery } from './skew-protected-preloads.ts';

// A preload map as Vite prints it into a chunk with a lazy import (dist/_astro, 2026-11).
const CHUNK =
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/cart-ui.B6jj.js","_astro/react.C1eX.js","_astro/cart.CDPw.css"])))=>i.map(i=>d[i]);' +
  'import{_ as e}from"./preload-helper.Dygl.js?dpl=0";e(()=>import("./cart-ui.B6jj.js?dpl=0"),__vite__mapDeps([0,1,2]));';

describe('skew-protected preloads', () => {
  it('gives every preloaded script the deploy query its import carries', () => {
    const out = addQueryToPreloads(CHUNK, 'dpl=0');
    expect(out).toContain(
      'm.f=["_astro/cart-ui.B6jj.js?dpl=0","_astro/react.C1eX.js?dpl=0","_astro/cart.CDPw.css"]',
    );
    // The imports themselves are Astro's business and stay as they were.
    expect(out).toContain('import("./cart-ui.B6jj.js?dpl=0")');
  });

  it('leaves chunks alone without a deploy id, and chunks without a preload map', () => {
    expect(addQueryToPreloads(CHUNK, '')).toBe(CHUNK);
    expect(addQueryToPreloads('export const a=1;', 'dpl=0')).toBe('export const a=1;');
  });

  it('takes the query from DEPLOY_ID, as the Netlify adapter does', () => {
    expect(deployQuery({ DEPLOY_ID: '6745abc' })).toBe('dpl=6745abc');
    expect(deployQuery({})).toBe('');
  });
});
