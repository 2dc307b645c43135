import { CONTACT_EMAIL, SOCIAL_LINKS } from '../content';
import { SocialIcon } from './icons';
import { NewsletterForm } from './newsletter-form';

const onDarkFocus =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-content';

/** The landing footer's first column: what Canopy is, where to write, the social links. */
export function FooterAbout() {
  return (
    <>
      <p>
        Canopy is an open-source community for planting, nurturing and tracking trees together, so
        every tree gets the care it needs to grow old.
      </p>
      <p className="mt-4">
        Write to us at{' '}
        <a
          href={`mailto:${CONTACT_EMAIL}`}
          className={`rounded-sm font-semibold text-neutral-content underline underline-offset-4 ${onDarkFocus}`}
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
              className={`flex h-11 w-11 items-center justify-center rounded-full bg-neutral-content/10 text-neutral-content transition-colors hover:bg-neutral-content/20 ${onDarkFocus}`}
              data-testid={`social-${social.network}`}
            >
              <SocialIcon network={social.network} />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The landing footer's last column: the newsletter sign-up. */
export function FooterNewsletter() {
  return (
    <>
      <h3 className="font-semibold">Stay in the loop</h3>
      <div className="mt-4">
        <NewsletterForm />
      </div>
    </>
  );
}
