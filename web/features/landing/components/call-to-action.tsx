import { ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../i18n/use-t';
import { landingMessages } from '../messages';

export function CallToAction() {
  const t = useT(landingMessages);
  return (
    <section aria-labelledby="cta-title" className="bg-base-100 px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl bg-neutral px-6 py-14 text-center text-neutral-content shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty">{t('cta.text')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/register" className="focus-visible:outline-neutral-content">
            {t('cta.start')}
          </ButtonLink>
          <ButtonLink
            to="/login"
            variant="secondary"
            // On the dark panel: light text and border instead of the base colours.
            className="border-neutral-content/80! text-neutral-content! hover:border-neutral-content! hover:bg-neutral-content/10! focus-visible:outline-neutral-content"
          >
            {t('cta.signIn')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
