import { HOW_IT_WORKS } from '../content';
import { SectionHeading } from './primitives';

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="scroll-mt-20 bg-base-200 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="Three steps to your first tree"
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {HOW_IT_WORKS.map((step, index) => (
            <li
              key={step.title}
              className="relative rounded-2xl border border-base-content/10 bg-base-100 p-6 shadow-sm"
            >
              <span
                aria-hidden="true"
                className="flex h-12 w-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-content"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-base-content/80">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
