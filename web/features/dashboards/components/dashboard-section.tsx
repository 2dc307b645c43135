import type { ReactNode } from 'react';
import { TitledSection } from '../../../components/ui/titled-section';

/** A dashboard card with its heading, which names it for assistive technology. */
export function Section(props: { title: string; children: ReactNode; id?: string }) {
  return <TitledSection {...props} bodyClassName="card-body gap-3" />;
}
