import { useParams, useSearchParams } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { ClaimGift } from '../features/gifts/components/claim-gift';
import { giftsMessages } from '../features/gifts/messages';
import { useT } from '../i18n/use-t';
import { PUBLIC_SHARE_FOOTER } from './public-forest';

/** /claim/{code}: a gift of trees to claim (issue 19 §5), signed in or not. */
export default function ClaimGiftPage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const t = useT(giftsMessages);
  return (
    <PublicLayout
      header={{ links: [{ label: t('nav.home'), href: '/' }], actions: ['signIn'] }}
      footer={PUBLIC_SHARE_FOOTER}
    >
      <ClaimGift code={code} autoClaim={params.get('claim') === '1'} />
    </PublicLayout>
  );
}
