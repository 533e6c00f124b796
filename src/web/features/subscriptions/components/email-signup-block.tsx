import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import type { z } from 'zod';
import {
  EMAIL_REQUIRED_MESSAGE,
  EmailSignupInputSchema,
  type EmailSignupInput,
} from '#shared/subscriptions.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { INPUT_CLASS } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useEmailSignup } from '../api/sign-up-for-email-list.ts';

type EmailSignupBlockProps = {
  className?: string;
  /** Heading level of 'Stay in the Loop' in the page's outline. */
  headingLevel?: 'h2' | 'h3';
  /** Copy under the heading. */
  description?: string;
};

/** The e-mail list block (spec §2 landing page, §8): 'Stay in the Loop' with a 'Notify Me' button. */
export function EmailSignupBlock({
  className,
  headingLevel: Heading = 'h2',
  description = 'Be the first to hear about new drops, live auctions and the token launch.',
}: EmailSignupBlockProps) {
  const toast = useToast();
  const signup = useEmailSignup();
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = useId();
  const inputId = useId();
  const form = useForm<z.input<typeof EmailSignupInputSchema>, unknown, EmailSignupInput>({
    resolver: zodResolver(EmailSignupInputSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;

  const onValid = (values: EmailSignupInput) => {
    setNotice(null);
    signup.mutate(values, {
      onSuccess: (result) => {
        toast({
          title: 'Success',
          description: "You've been added to our email list. We'll keep you updated!",
        });
        form.reset({ email: '' });
        setNotice(result.message);
      },
      onError: () => {
        toast({
          title: 'Error',
          description: 'Failed to sign up. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };
  const onInvalid = (errors: FieldErrors<z.input<typeof EmailSignupInputSchema>>) => {
    if (errors.email?.message === EMAIL_REQUIRED_MESSAGE) {
      toast({ title: 'Email Required', description: EMAIL_REQUIRED_MESSAGE, variant: 'destructive' });
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl bg-brand-50 px-6 py-10 text-center', className)}
    >
      <Mail className="mx-auto h-8 w-8 text-brand-700" aria-hidden="true" />
      <Heading id={headingId} className="mt-3 text-2xl font-bold text-gray-900">
        Stay in the Loop
      </Heading>
      <p className="mx-auto mt-2 max-w-xl text-gray-700">{description}</p>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
        className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="flex-1 text-left">
          <label htmlFor={inputId} className="sr-only">
            Email address
          </label>
          <input
            id={inputId}
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className={cn(INPUT_CLASS, 'h-10', error && 'border-red-600')}
            {...form.register('email')}
          />
          {error && (
            <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={signup.isPending}>
          {signup.isPending ? 'Sending...' : 'Notify Me'}
        </Button>
      </form>
      <p role="status" className="mt-3 min-h-5 text-sm text-gray-800">
        {notice}
      </p>
    </section>
  );
}
