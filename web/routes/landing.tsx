import { useDeferredValue, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { BenefitsSection } from '../features/landing/components/benefits-section';
import { CallToAction } from '../features/landing/components/call-to-action';
import { FeaturesSection } from '../features/landing/components/features-section';
import { FooterAbout, FooterNewsletter } from '../features/landing/components/footer-columns';
import { Hero } from '../features/landing/components/hero';
import { HowItWorks } from '../features/landing/components/how-it-works';
import { ImpactSection } from '../features/landing/components/impact-section';
import { NewestDrives } from '../features/landing/components/newest-drives';
import { TestimonialsSection } from '../features/landing/components/testimonials-section';
import { TreesMapSection } from '../features/landing/components/trees-map-section';
import { FOOTER_LINKS, NAV_ANCHORS } from '../features/landing/content';
import { landingMessages } from '../features/landing/messages';
import { useT } from '../i18n/use-t';

/** The public landing page (/ and /home). */
export default function LandingPage() {
  const t = useT(landingMessages);
  const title = t('page.title');
  // Only the hash the visitor arrived with; later in-page links scroll natively.
  const [arrivalHash] = useState(useLocation().hash);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // The hero (a phone's whole first screen, its largest paint) mounts first; the sections below
  // it mount in a deferred render, which React splits into short tasks (issue 20: first paint and
  // blocking time). Arriving at an anchor, all of it at once: the section is scrolled to.
  const rest = useDeferredValue(true, arrivalHash.length >= 2);

  // Arriving at /#features: the section did not exist yet when the browser looked for it.
  useEffect(() => {
    if (arrivalHash.length < 2) return;
    document.getElementById(decodeURIComponent(arrivalHash.slice(1)))?.scrollIntoView();
  }, [arrivalHash]);

  return (
    <PublicLayout
      header={{
        links: NAV_ANCHORS.map((link) => ({ href: link.href, label: t(`nav.${link.key}`) })),
        navLabel: t('nav.label'),
        narrow: 'menu',
        actions: ['signIn', 'register'],
        overlay: true,
      }}
      footer={{
        id: 'contact',
        about: <FooterAbout />,
        groups: FOOTER_LINKS.map((group) => ({
          heading: t(`footer.${group.heading}`),
          links: group.links.map((link) => ({ href: link.href, label: t(`footer.${link.key}`) })),
        })),
        extra: <FooterNewsletter />,
      }}
    >
      <Hero />
      {rest ? (
        <>
          <ImpactSection />
          <NewestDrives />
          <BenefitsSection />
          <FeaturesSection />
          <TreesMapSection />
          <TestimonialsSection />
          <HowItWorks />
          <CallToAction />
        </>
      ) : (
        // A screen's height until then, so the footer stays below the fold: nothing seen moves.
        <div className="min-h-screen" />
      )}
    </PublicLayout>
  );
}
