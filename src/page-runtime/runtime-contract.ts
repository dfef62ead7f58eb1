/** A control whose press is held until its page script ran (released by page.inline.ts). */
export const AWAITS_SCRIPT = 'data-awaits-script';
/**
 * A form whose submission is held until its island hydrated (posted natively without it), or a
 * control of an island whose press is held and replayed by the island (`useIslandControl`).
 */
export const AWAITS_ISLAND = 'data-awaits-island';
/** What counts as the visitor's first use of the page. */
export const FIRST_USE_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
/** Set on <html> at the visitor's first use, before any script file arrived. */
export const VISITOR_ACTIVE = 'data-visitor-active';
/** Wakes a `client:intent` island from a script (e.g. the cart opened by an add). */
export const WAKE_EVENT = 'intent:wake';
/** On a `client:intent` island: the files it will load, space-separated (written at build). */
export const PRELOAD_ATTRIBUTE = 'data-preload';
