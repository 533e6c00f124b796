import { BRAND } from '#shared/brand.ts';
import { CLAIM_TOKEN_MINUTES } from '#shared/handovers.schemas.ts';
import { PhoneTapIllustration } from './phone-tap-illustration.tsx';

/**
 * Hand-over by tap in words a first-time holder understands (issue 27: "the next fresh tap" was
 * jargon): what a tap is, that the recipient signs in or up, how long a claim lasts, that whoever taps
 * first may claim, who pays, and how to cancel. `viewer` words it for the owner or the one claiming.
 */
export function HandoverExplainer({
  viewer,
  feeLine,
}: {
  viewer: 'owner' | 'claimant';
  /** Who pays the transfer fee and how much, in a sentence, when known. */
  feeLine?: string | null;
}) {
  const chip = `the ${BRAND.name}`;
  const steps =
    viewer === 'owner'
      ? [
          `A tap is holding a phone flat against ${chip} for a second: the phone reads the chip's tag and opens its page. No app is needed.`,
          `Start the hand-over from your own tap. From then on, the next person whose phone taps ${chip} may claim it. A tap made before you started, or a link copied from an old tap, does not count: that is what "a fresh tap" means.`,
          `They sign in to ${BRAND.name}, or sign up for free if they have no account yet, right after their tap.`,
          `Their tap lets them claim it for ${CLAIM_TOKEN_MINUTES} minutes. After that they simply tap again.`,
          `Whoever taps first and claims gets it, so start only when ${chip} is in the hands of the person you give it to.`,
          `Changed your mind? Choose "Cancel handover" here (or in your dashboard) any time before it is claimed.`,
        ]
      : [
          `A tap is holding your phone flat against ${chip} for a second: the phone reads the chip's tag and opens its page. No app is needed.`,
          `Its owner has started a hand-over, so your tap lets you claim it. You need to be signed in: log in, or sign up for free, and you come back here.`,
          `Your tap lets you claim it for ${CLAIM_TOKEN_MINUTES} minutes. If that time runs out, tap the chip again.`,
          `The first person to tap and claim gets it. Once it is yours, it is in your collection and its history shows the hand-over.`,
        ];
  return (
    <section
      aria-labelledby={`handover-howto-${viewer}`}
      className="space-y-3 rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800"
    >
      <div className="flex items-start gap-3">
        <PhoneTapIllustration className="w-28 flex-none" />
        <h3 id={`handover-howto-${viewer}`} className="font-semibold text-gray-900">
          {viewer === 'owner' ? 'How handing over by tap works' : 'How claiming by tap works'}
        </h3>
      </div>
      <ol className="list-decimal space-y-1 pl-5">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
        {feeLine && <li>{feeLine}</li>}
      </ol>
    </section>
  );
}
