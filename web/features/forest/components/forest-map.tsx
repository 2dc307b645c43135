import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { ForestTree } from '../../../../contract/forest';
// A lazy wrapper: Leaflet and its clustering load only with the map.
import { PointsClusterMap, type ClusterPoint } from '../../../components/ui/map';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { aliveText, PATHS, treeTitle } from '../format';
import { forestMessages } from '../messages';

/** The forest's trees on a map: where the API puts them (exact for mine, rounded for others). */
export function ForestMap({ trees }: { trees: readonly ForestTree[] }) {
  const navigate = useNavigate();
  const t = useT(forestMessages);
  const locale = useIntlLocale();
  const points = useMemo(
    () =>
      trees.flatMap((tree): ClusterPoint[] =>
        tree.lat === null || tree.lng === null
          ? []
          : [
              {
                id: tree.id,
                lat: tree.lat,
                lng: tree.lng,
                title: treeTitle(tree, locale),
                detail: [aliveText(tree, t), tree.location].filter(Boolean).join(' · '),
              },
            ],
      ),
    [trees, t, locale],
  );
  if (points.length === 0) return null;
  return (
    <PointsClusterMap
      points={points}
      onOpen={(id) => void navigate(PATHS.tree(id))}
      linkFor={PATHS.tree}
      openLabel={t('map.open')}
      itemsName={t('map.itemsName')}
      label={t('map.label')}
      height={360}
    />
  );
}
