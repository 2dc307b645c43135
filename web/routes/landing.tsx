import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { BenefitsSection } from '../features/landing/components/benefits-section';
import { CallToAction } from '../features/landing/components/call-to-action';
import { FeaturesSection } from '../features/landing/components/features-section';
import { Hero } from '../features/landing/components/hero';
import { HowItWorks } from '../features/landing/components/how-it-works';
import { ImpactSection } from '../features/landing/components/impact-section';
import { SiteFooter } from '../features/landing/components/site-footer';
import { TestimonialsCarousel } from '../features/landing/components/testimonials-carousel';
import { TopBar } from '../features/landing/components/top-bar';

/** The public landing page (/ and /home). */
export default function LandingPage() {
  // Only the hash the visitor arrived with; later in-page links scroll natively.
  const [arrivalHash] = useState(useLocation().hash);

  useEffect(() => {
    document.title = 'Canopy · Plant, nurture and track trees together';
  }, []);

  // Arriving at /#features: the section did not exist yet when the browser looked for it.
  useEffect(() => {
    if (arrivalHash.length < 2) return;
    document.getElementById(decodeURIComponent(arrivalHash.slice(1)))?.scrollIntoView();
  }, [arrivalHash]);

  return (
    <div className="min-h-screen bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-base-100 px-4 py-2 font-semibold text-base-content shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus-visible:outline-2 focus-visible:outline-base-content"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <ImpactSection />
        <BenefitsSection />
        <FeaturesSection />
        <TestimonialsCarousel />
        <HowItWorks />
        <CallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
