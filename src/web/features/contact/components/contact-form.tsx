import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ContactMessageInputSchema, type ContactMessageInput } from '#shared/contact.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

type FormInput = z.input<typeof ContactMessageInputSchema>;

/** Name, email, subject and message, all required; sent to the support team. */
export function ContactForm() {
  const toast = useToast();
  const send = useSendContactMessage();
  const form = useForm<FormInput, unknown, ContactMessageInput>({
    resolver: zodResolver(ContactMessageInputSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { errors } = form.formState;

  const onSubmit = (values: ContactMessageInput) => {
    send.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Message Sent!', description: "We'll get back to you within 24 hours." });
        form.reset();
      },
      onError: (err) => {
        // A field the server refused is shown on the field; anything else gets the spec's message.
        applyServerErrors(form, err);
        toast({
          title: 'Error',
          description: 'Failed to send message. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <TextField label="Subject" error={errors.subject?.message} {...form.register('subject')} />
      <TextAreaField label="Message" rows={6} error={errors.message?.message} {...form.register('message')} />
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
