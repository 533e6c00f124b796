import { Link } from '#web/lib/router.tsx';
import { Clock, Mail, MessageCircle } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useSiteInfo } from '#web/lib/api/get-site-info.ts';
import { ContactForm } from '../components/contact-form.tsx';

const SOCIAL_LINK = { href: `https://x.com/${BRAND.slug}`, label: `@${BRAND.slug} on X` };

/** Spec §2 contact page: the form, the support address and a social link. */
export default function ContactPage() {
  usePageTitle('Contact');
  const siteInfo = useSiteInfo();
  const supportEmail = siteInfo.data?.supportEmail;

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-gray-700">
        Questions about minting, an order, shipping or the {BRAND.ticker} token? Send us a message and we'll
        get back to you within 24 hours. Many answers are already in our{' '}
        <Link to={ROUTES.faq} className="font-medium text-brand-700 underline">
          FAQ
        </Link>
        .
      </p>
      <div className="mt-8 grid gap-10 md:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="md:col-span-2">
          <h2 id="contact-form-heading" className="text-xl font-semibold text-gray-900">
            Send us a message
          </h2>
          <div className="mt-4">
            <ContactForm />
          </div>
        </section>
        <aside aria-labelledby="contact-other-heading" className="space-y-6">
          <h2 id="contact-other-heading" className="text-xl font-semibold text-gray-900">
            Other ways to reach us
          </h2>
          <div className="flex gap-3">
            <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <p className="font-medium text-gray-900">Email</p>
              {supportEmail ? (
                <a href={`mailto:${supportEmail}`} className="break-all text-brand-700 underline">
                  {supportEmail}
                </a>
              ) : siteInfo.isError ? (
                <p className="text-gray-700">Use the form on this page.</p>
              ) : (
                <Skeleton className="mt-1 h-5 w-48" />
              )}
            </div>
          </div>
          <div className="flex gap-3">
            <MessageCircle className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <p className="font-medium text-gray-900">Social</p>
              <a
                href={SOCIAL_LINK.href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline"
              >
                {SOCIAL_LINK.label}
              </a>
            </div>
          </div>
          <div className="flex gap-3">
            <Clock className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <p className="font-medium text-gray-900">Response time</p>
              <p className="text-gray-700">Within 24 hours</p>
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}
