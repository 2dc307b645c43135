import { PublicLayout } from '../components/ui/public-layout';
import {
  ContactSection,
  GallerySection,
  StoryIntro,
  StorySection,
} from '../features/story/components/story-sections';
import { STORY_LINKS } from '../features/story/content';

/** /landing-page: a short, friendly introduction to the Canopy community. */
export default function LandingPage() {
  return (
    <PublicLayout
      header={{ links: STORY_LINKS, navLabel: 'Main', narrow: 'wrap' }}
      footer={{
        about: 'Canopy — grow greener, make impact.',
        groups: [
          {
            heading: 'Canopy',
            links: [
              { label: 'Home', href: '/' },
              { label: 'Documentation', href: '/documentation' },
              { label: 'Sign In', href: '/login' },
            ],
          },
        ],
      }}
    >
      <title>Our story · Canopy</title>
      <StoryIntro />
      <StorySection />
      <GallerySection />
      <ContactSection />
    </PublicLayout>
  );
}
