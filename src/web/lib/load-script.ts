const scripts = new Map<string, Promise<void>>();

/** Loads a third-party script once; a failed load may be retried by calling again. */
export function loadScript(src: string): Promise<void> {
  const pending = scripts.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      script.remove();
      reject(new Error(`Failed to load script ${src}`));
    };
    document.head.append(script);
  });
  scripts.set(src, promise);
  return promise;
}

export function loadStylesheet(href: string): void {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
