import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { ForestTree } from '../../../../contract/forest';
// A lazy wrapper: Leaflet and its clustering load only with the map.
import { PointsClusterMap, type ClusterPoint } from '../../../components/ui/map';
import { aliveText, PATHS, treeTitle } from '../format';

/** The forest's trees on a map: where the API puts them (exact for mine, rounded for others). */
export function ForestMap({ trees }: { trees: readonly ForestTree[] }) {
  const navigate = useNavigate();
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
                title: treeTitle(tree),
                detail: [aliveText(tree), tree.location].filter(Boolean).join(' · '),
              },
            ],
      ),
    [trees],
  );
  if (points.length === 0) return null;
  return (
    <PointsClusterMap
      points={points}
      onOpen={(id) => void navigate(PATHS.tree(id))}
      linkFor={PATHS.tree}
      openLabel="Open tree"
      itemsName="trees"
      label="Map of the trees in your forest"
      height={360}
    />
  );
}
