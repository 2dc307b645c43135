import { Marker, Popup } from 'react-leaflet';
import { BaseMap } from './base-map';
import type { PointMapProps } from './types';
import { useT } from '../../../i18n/use-t';
import { mapMessages } from './messages';

/** A read-only map with one marker (a drive's place); the marker's popup names it. */
export default function PointMap({ lat, lng, label, height }: PointMapProps) {
  const t = useT(mapMessages);
  return (
    <BaseMap
      center={{ lat, lng }}
      {...(height ? { height } : {})}
      label={t('point.label', { label })}
      testId="point-map"
    >
      <Marker position={[lat, lng]} alt={label} title={label}>
        <Popup>{label}</Popup>
      </Marker>
    </BaseMap>
  );
}
