import { useParams } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { PublicForest } from '../features/sharing/components/public-forest';

const FOOTER = {
  about: 'Canopy is open-source software for community tree planting.',
  groups: [
    {
      heading: 'Canopy',
      links: [
        { label: 'Home', href: '/' },
        { label: 'Create an account', href: '/register' },
        { label: 'How impact is estimated', href: '/documentation#impact-method' },
      ],
    },
  ],
};

/** /forest/{handle}: a member's public forest (the server adds its link-preview tags). */
export default function PublicForestPage() {
  const { handle = '' } = useParams();
  return (
    <PublicLayout
      header={{ links: [{ label: 'Home', href: '/' }], actions: ['signIn'] }}
      footer={FOOTER}
    >
      <PublicForest handle={handle} />
    </PublicLayout>
  );
}

export { FOOTER as PUBLIC_SHARE_FOOTER };
