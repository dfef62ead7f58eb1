// WAI-ARIA tabs, automatic activation. The selected tab follows the URL hash (#<panel id>), so a
// tab can be linked to and survives a reload.
export function initTabs(root: HTMLElement) {
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const panelOf = (tab: HTMLElement) =>
    document.getElementById(tab.getAttribute('aria-controls') ?? '');

  function select(tab: HTMLButtonElement, { focus = false, updateHash = false } = {}) {
    for (const t of tabs) {
      const selected = t === tab;
      t.setAttribute('aria-selected', String(selected));
      t.tabIndex = selected ? 0 : -1;
      const panel = panelOf(t);
      if (panel) panel.hidden = !selected;
    }
    if (focus) tab.focus();
    if (updateHash) history.replaceState(null, '', `#${tab.getAttribute('aria-controls')}`);
  }

  for (const tab of tabs) {
    tab.addEventListener('click', () => select(tab, { updateHash: true }));
    tab.addEventListener('keydown', (event) => {
      const i = tabs.indexOf(tab);
      const next =
        event.key === 'ArrowRight'
          ? tabs[(i + 1) % tabs.length]
          : event.key === 'ArrowLeft'
            ? tabs[(i - 1 + tabs.length) % tabs.length]
            : event.key === 'Home'
              ? tabs[0]
              : event.key === 'End'
                ? tabs[tabs.length - 1]
                : undefined;
      if (!next) return;
      event.preventDefault();
      select(next, { focus: true, updateHash: true });
    });
  }

  const fromHash = () => tabs.find((t) => `#${t.getAttribute('aria-controls')}` === location.hash);
  const initial = fromHash();
  if (initial) select(initial);
  window.addEventListener('hashchange', () => {
    const tab = fromHash();
    if (tab) select(tab);
  });
}
