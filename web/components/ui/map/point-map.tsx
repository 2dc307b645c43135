import { Marker, Popup } from 'react-leaflet';
import { BaseMap } from './base-map';
import type { PointMapProps } from './types';

/** A read-only map with one marker (a drive's place); the marker's popup names it. */
export default function PointMap({ lat, lng, label, height }: PointMapProps) {
  return (
    <BaseMap
      center={{ lat, lng }}
      {...(height ? { height } : {})}
      label={`Map: ${label}`}
      testId="point-map"
    >
      <Marker position={[lat, lng]} alt={label} title={label}>
        <Popup>{label}</Popup>
      </Marker>
    </BaseMap>
  );
}
