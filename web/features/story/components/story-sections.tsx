import { buttonClass, ButtonLink } from '../../../components/ui/button';
import { accentText } from '../../../components/ui/looks';
import { CONTACT_EMAIL, GALLERY, HERO_SCENE, PRINCIPLES } from '../content';
import { Scene } from './scene';
import { useT } from '../../../i18n/use-t';
import { storyMessages, type StoryKey } from '../messages';

const sectionClass = 'scroll-mt-32 py-12 sm:scroll-mt-20 sm:py-20';

/** The page's opening: what Canopy is about, with a drawn scene on large screens. */
export function StoryIntro() {
  const t = useT(storyMessages);
  return (
    <div className="bg-linear-to-b from-green-50 to-base-100 dark:from-green-950">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-12 sm:py-20 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <p className={`font-semibold ${accentText}`}>{t('intro.kicker')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t('intro.heading')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed">{t('intro.text')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/register">{t('intro.start')}</ButtonLink>
            <a href="#story" className={buttonClass({ variant: 'secondary' })}>
              {t('intro.read')}
            </a>
          </div>
        </div>
        <div className="hidden overflow-hidden rounded-3xl shadow-lg lg:block">
          <Scene spec={HERO_SCENE} id="hero" />
        </div>
      </div>
    </div>
  );
}

export function StorySection() {
  const t = useT(storyMessages);
  return (
    <section id="story" aria-labelledby="story-title" className={sectionClass}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="story-title" className="text-3xl font-bold tracking-tight">
          {t('story.heading')}
        </h2>
        <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-4 text-lg leading-relaxed">
            <p>{t('story.p1')}</p>
            <p>{t('story.p2')}</p>
            <p>{t('story.p3')}</p>
          </div>
          <ul className="space-y-4">
            {PRINCIPLES.map((principle) => (
              <li key={principle} className="rounded-box border border-base-300 bg-base-200 p-5">
                <h3 className="text-lg font-semibold">{t(`principle.${principle}.title`)}</h3>
                <p className="mt-1 leading-relaxed">{t(`principle.${principle}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function GallerySection() {
  const t = useT(storyMessages);
  return (
    <section id="gallery" aria-labelledby="gallery-title" className={`${sectionClass} bg-base-200`}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="gallery-title" className="text-3xl font-bold tracking-tight">
          {t('gallery.heading')}
        </h2>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed">{t('gallery.intro')}</p>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {GALLERY.map((tile) => (
            <li key={tile.id}>
              <figure className="h-full overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
                <Scene
                  spec={tile.scene}
                  label={t(`gallery.${tile.id}.description` as StoryKey)}
                  id={tile.id}
                />
                <figcaption className="p-3 text-sm font-medium leading-snug">
                  {t(`gallery.${tile.id}.caption` as StoryKey)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ContactSection() {
  const t = useT(storyMessages);
  return (
    <section id="contact-us" aria-labelledby="contact-title" className={sectionClass}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="contact-title" className="text-3xl font-bold tracking-tight">
          {t('contact.heading')}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="rounded-box border border-base-300 p-6">
            <h3 className="text-xl font-semibold">{t('contact.write')}</h3>
            <p className="mt-2 leading-relaxed">{t('contact.writeText')}</p>
            <p className="mt-4">
              <a href={`mailto:${CONTACT_EMAIL}`} className="link text-lg font-semibold break-all">
                {CONTACT_EMAIL}
              </a>
            </p>
          </div>
          <div className="rounded-box border border-base-300 p-6">
            <h3 className="text-xl font-semibold">{t('contact.nurseries')}</h3>
            <p className="mt-2 leading-relaxed">{t('contact.nurseriesText')}</p>
            <p className="mt-3 leading-relaxed">{t('contact.runOne')}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a
                href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(t('contact.subject'))}`}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                {t('contact.ask')}
              </a>
              <ButtonLink to="/register" variant="ghost" size="sm">
                {t('contact.register')}
              </ButtonLink>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
