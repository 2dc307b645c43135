import { buttonClass, ButtonLink } from '../../../components/ui/button';
import { accentText } from '../../../components/ui/looks';
import { CONTACT_EMAIL, GALLERY, HERO_SCENE, PRINCIPLES } from '../content';
import { Scene } from './scene';

const sectionClass = 'scroll-mt-32 py-12 sm:scroll-mt-20 sm:py-20';

/** The page's opening: what Canopy is about, with a drawn scene on large screens. */
export function StoryIntro() {
  return (
    <div className="bg-linear-to-b from-green-50 to-base-100 dark:from-green-950">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-12 sm:py-20 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <p className={`font-semibold ${accentText}`}>Community tree planting</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Trees planted together, looked after for years
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed">
            Canopy helps neighbours, schools, companies and nurseries plant trees where they are
            needed — and stay with those trees long after the planting day.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/register">Start Growing</ButtonLink>
            <a href="#story" className={buttonClass({ variant: 'secondary' })}>
              Read our story
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
  return (
    <section id="story" aria-labelledby="story-title" className={sectionClass}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="story-title" className="text-3xl font-bold tracking-tight">
          Story
        </h2>
        <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-4 text-lg leading-relaxed">
            <p>
              Community tree planting usually starts the same way: a few neighbours look at a bare
              patch of land and decide it deserves shade. They borrow spades, a nursery sells them
              saplings at cost, a school lends its volunteers, and by noon a row of young trees
              stands where there was dust.
            </p>
            <p>
              Then the hard part begins. A sapling needs water through its first dry season, a guard
              against goats, and someone who notices when it struggles. Too many planting days end
              with photos and no follow-up, and a year later half the trees are gone.
            </p>
            <p>
              Canopy exists for that second part. It helps people organise drives, gather donations
              for saplings and land, and then register every tree, so its growth, health and care
              are followed for years — by the people who planted it.
            </p>
          </div>
          <ul className="space-y-4">
            {PRINCIPLES.map((principle) => (
              <li
                key={principle.title}
                className="rounded-box border border-base-300 bg-base-200 p-5"
              >
                <h3 className="text-lg font-semibold">{principle.title}</h3>
                <p className="mt-1 leading-relaxed">{principle.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function GallerySection() {
  return (
    <section id="gallery" aria-labelledby="gallery-title" className={`${sectionClass} bg-base-200`}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="gallery-title" className="text-3xl font-bold tracking-tight">
          Gallery
        </h2>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed">
          Scenes from the life of a community planting — from the first morning of a drive to the
          forest it becomes.
        </p>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {GALLERY.map((tile) => (
            <li key={tile.id}>
              <figure className="h-full overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
                <Scene spec={tile.scene} label={tile.description} id={tile.id} />
                <figcaption className="p-3 text-sm font-medium leading-snug">
                  {tile.caption}
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
  return (
    <section id="contact-us" aria-labelledby="contact-title" className={sectionClass}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="contact-title" className="text-3xl font-bold tracking-tight">
          Contact Us
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="rounded-box border border-base-300 p-6">
            <h3 className="text-xl font-semibold">Write to us</h3>
            <p className="mt-2 leading-relaxed">
              Questions, ideas for a drive, or a patch of land that needs trees — we read every
              message.
            </p>
            <p className="mt-4">
              <a href={`mailto:${CONTACT_EMAIL}`} className="link text-lg font-semibold break-all">
                {CONTACT_EMAIL}
              </a>
            </p>
          </div>
          <div className="rounded-box border border-base-300 p-6">
            <h3 className="text-xl font-semibold">Partner nurseries</h3>
            <p className="mt-2 leading-relaxed">
              Partner nurseries grow the saplings for our drives. To find one near you, write to us
              with your town and how many trees you have in mind, and we will put you in touch.
            </p>
            <p className="mt-3 leading-relaxed">
              Run a nursery yourself? Register a Partner Nursery account so organisers can find you.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a
                href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Finding a partner nursery')}`}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                Ask about nurseries
              </a>
              <ButtonLink to="/register" variant="ghost" size="sm">
                Register a nursery
              </ButtonLink>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
