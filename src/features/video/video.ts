// Spec storefront §4 "Video embed": 50 px margin, threshold 0.1, optional eager.

const VIDEO_OBSERVER_OPTIONS: IntersectionObserverInit = {
  rootMargin: '50px',
  threshold: 0.1,
};

/** What a YouTube/Vimeo player needs; the origin is also pinned by CSP frame-src. */
const ALLOW =
  'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';

function loadVideo(box: HTMLElement) {
  if (box.dataset.state !== 'idle') return;
  const { src, title } = box.dataset;
  if (!src || !title) return;
  box.dataset.state = 'loading';
  const frame = document.createElement('iframe');
  frame.className = 'video-embed__frame';
  frame.title = title;
  frame.allow = ALLOW;
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.addEventListener(
    'load',
    () => {
      box.dataset.state = 'loaded';
      const placeholder = box.querySelector<HTMLElement>('[data-video-placeholder]');
      if (placeholder) placeholder.hidden = true;
    },
    { once: true },
  );
  frame.src = src;
  box.append(frame);
}

let observer: IntersectionObserver | undefined;

export function initVideoEmbeds(root: ParentNode = document) {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer?.unobserve(entry.target);
      loadVideo(entry.target as HTMLElement);
    }
  }, VIDEO_OBSERVER_OPTIONS);

  for (const box of root.querySelectorAll<HTMLElement>('[data-video-embed]')) {
    if (box.dataset.state !== 'idle') continue;
    if (box.dataset.eager === 'true') loadVideo(box);
    else observer.observe(box);
  }
}

/** Removes a loaded frame (stopping playback) and waits to load it again on next view. */
export function resetVideo(box: HTMLElement) {
  box.querySelector('iframe.video-embed__frame')?.remove();
  const placeholder = box.querySelector<HTMLElement>('[data-video-placeholder]');
  if (placeholder) placeholder.hidden = false;
  box.dataset.state = 'idle';
  initVideoEmbeds(box.parentElement ?? document);
}
