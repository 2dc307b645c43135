import type { ClusterPoint } from './types';

/** A popup: the point's title, a detail line and a link to open it (DOM: Leaflet owns popups). */
export function popupContent(
  point: ClusterPoint,
  openLabel: string,
  open: (id: string) => void,
  linkFor: ((id: string) => string) | undefined,
): HTMLElement {
  const box = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = point.title;
  box.append(title);
  if (point.detail) {
    const detail = document.createElement('div');
    detail.textContent = point.detail;
    box.append(detail);
  }
  const link = document.createElement(linkFor ? 'a' : 'button');
  link.textContent = openLabel;
  link.setAttribute('aria-label', `${openLabel} ${point.title}`);
  link.className = 'link font-semibold';
  if (link instanceof HTMLAnchorElement) link.href = linkFor!(point.id);
  else link.setAttribute('type', 'button');
  link.addEventListener('click', (event) => {
    // A plain click stays in the app; modified clicks on a link open a new tab as usual.
    if (event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey)) return;
    event.preventDefault();
    open(point.id);
  });
  box.append(link);
  return box;
}
