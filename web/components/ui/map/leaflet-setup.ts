import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

// Leaflet guesses its marker image address from its CSS file, which breaks once Vite bundles it.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

// leaflet.markercluster extends the global `L`; Leaflet sets window.L, which is not the global in tests.
(globalThis as { L?: typeof L }).L ??= L;

export { L };
