import { PublicLayout } from '../components/ui/public-layout';
import {
  ContactSection,
  GallerySection,
  StoryIntro,
  StorySection,
} from '../features/story/components/story-sections';
import { STORY_LINKS } from '../features/story/content';
import { storyMessages } from '../features/story/messages';
import { useT } from '../i18n/use-t';

/** /landing-page: a short, friendly introduction to the Canopy community. */
export default function LandingPage() {
  const t = useT(storyMessages);
  return (
    <PublicLayout
      header={{
        links: STORY_LINKS.map((link) => ({ href: link.href, label: t(`nav.${link.key}`) })),
        navLabel: t('nav.label'),
        narrow: 'wrap',
      }}
      footer={{
        about: t('footer.about'),
        groups: [
          {
            heading: 'Canopy',
            links: [
              { label: t('nav.home'), href: '/' },
              { label: t('footer.documentation'), href: '/documentation' },
              { label: t('footer.signIn'), href: '/login' },
            ],
          },
        ],
      }}
    >
      <title>{t('page.title')}</title>
      <StoryIntro />
      <StorySection />
      <GallerySection />
      <ContactSection />
    </PublicLayout>
  );
}
