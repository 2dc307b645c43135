import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { CONTACT_EMAIL, FOOTER_LINKS, SOCIAL_LINKS } from '../content';
import { SocialIcon } from './icons';
import { NewsletterForm } from './newsletter-form';

const footerLink =
  'rounded-sm text-neutral-content/90 underline-offset-4 hover:text-neutral-content hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-content';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer
      id="contact"
      className="scroll-mt-20 bg-neutral text-neutral-content"
      aria-labelledby="footer-title"
    >
      <h2 id="footer-title" className="sr-only">
        About Canopy and contact
      </h2>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-12 px-4 py-16 sm:px-6 lg:grid-cols-12">
        <div className="col-span-2 lg:col-span-4">
          <Logo className="text-neutral-content focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-content" />
          <p className="mt-4 max-w-sm text-neutral-content/90">
            Canopy is an open-source community for planting, nurturing and tracking trees together,
            so every tree gets the care it needs to grow old.
          </p>
          <p className="mt-4 text-neutral-content/90">
            Write to us at{' '}
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="rounded-sm font-semibold text-neutral-content underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-content"
            >
              {CONTACT_EMAIL}
            </a>
          </p>
          <ul className="mt-6 flex gap-2" aria-label="Canopy on social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.network}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.label} (opens in a new tab)`}
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-neutral-content/10 text-neutral-content transition-colors hover:bg-neutral-content/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-content"
                  data-testid={`social-${social.network}`}
                >
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        {FOOTER_LINKS.map((group, index) => (
          <nav
            key={group.heading}
            aria-labelledby={`footer-links-${index}`}
            className="col-span-1 lg:col-span-2"
          >
            <h3 id={`footer-links-${index}`} className="font-semibold">
              {group.heading}
            </h3>
            <ul className="mt-4 flex flex-col gap-3">
              {group.links.map((link) => (
                <li key={link.label}>
                  {link.to.startsWith('#') ? (
                    <a href={link.to} className={footerLink}>
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.to} className={footerLink}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div className="col-span-2 lg:col-span-4">
          <h3 className="font-semibold">Stay in the loop</h3>
          <div className="mt-4">
            <NewsletterForm />
          </div>
        </div>
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-neutral-content/90 sm:px-6">
          © {year} Canopy. Planted by volunteers, shared as open source.
        </p>
      </div>
    </footer>
  );
}
