import { useState } from 'react';
import type { MailLogEntry } from '#shared/admin.schemas.ts';
import type { ContactMessage } from '#shared/contact.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useMessages } from '../api/list-messages.ts';
import { useUpdateMessage } from '../api/update-message.ts';
import { useMailLog } from '../api/list-mail.ts';
import { AdminTable, ListState, LoadMore, SelectField, TD, TH, formatDateTime } from './admin-ui.tsx';

/** Messages: contact-form messages (mark read, archive). */
export function MessagesTab() {
  const [status, setStatus] = useState('new');
  const query = useMessages(status);
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const update = useUpdateMessage();
  const toast = useToast();
  const setMessageStatus = async (m: ContactMessage, next: 'read' | 'archived') => {
    try {
      await update.mutateAsync({ id: m.id, input: { status: next } });
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to update message'),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Messages</h2>
      <SelectField
        label="Show"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        className="max-w-xs"
      >
        <option value="new">New</option>
        <option value="read">Read</option>
        <option value="archived">Archived</option>
        <option value="">All</option>
      </SelectField>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch messages"
        isEmpty={rows.length === 0}
        emptyText="No messages."
      >
        <ul className="space-y-3">
          {rows.map((m) => (
            <li key={m.id} className="rounded-lg border border-gray-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-gray-900">{m.subject}</p>
                  <p className="text-sm text-gray-700">
                    {m.name} &lt;{m.email}&gt; · {formatDateTime(m.createdAt)}
                  </p>
                </div>
                <Badge tone={m.status === 'new' ? 'blue' : 'gray'}>{m.status}</Badge>
              </div>
              <p className="mt-2 text-sm whitespace-pre-wrap text-gray-900">{m.message}</p>
              <div className="mt-3 flex gap-2">
                {m.status === 'new' && (
                  <Button size="sm" variant="secondary" onClick={() => void setMessageStatus(m, 'read')}>
                    Mark Read
                  </Button>
                )}
                {m.status !== 'archived' && (
                  <Button size="sm" variant="ghost" onClick={() => void setMessageStatus(m, 'archived')}>
                    Archive
                  </Button>
                )}
                <Button size="sm" variant="ghost" asChild>
                  <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>Reply</a>
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <LoadMore {...query} />
      </ListState>
    </div>
  );
}

const MAIL_TONES: Record<string, 'green' | 'yellow' | 'red' | 'blue'> = {
  sent: 'green',
  pending: 'yellow',
  sending: 'blue',
  failed: 'red',
};

/** Mail log: what the outbox sent or failed to send. */
export function MailLogTab() {
  const [status, setStatus] = useState('');
  const query = useMailLog(status);
  const rows: MailLogEntry[] = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Mail Log</h2>
      <SelectField
        label="State"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        className="max-w-xs"
      >
        <option value="">All</option>
        <option value="pending">Pending</option>
        <option value="sending">Sending</option>
        <option value="sent">Sent</option>
        <option value="failed">Failed</option>
      </SelectField>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch mail log"
        isEmpty={rows.length === 0}
        emptyText="No mail yet."
      >
        <AdminTable caption="Mail log">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Recipient</th>
              <th className={TH}>Subject</th>
              <th className={TH}>State</th>
              <th className={TH}>Attempts</th>
              <th className={TH}>Last error</th>
              <th className={TH}>Queued</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {rows.map((m) => (
              <tr key={m.id}>
                <td className={TD}>{m.to}</td>
                <td className={TD}>{m.subject}</td>
                <td className={TD}>
                  <Badge tone={MAIL_TONES[m.status] ?? 'yellow'}>{m.status}</Badge>
                </td>
                <td className={TD}>{m.attempts}</td>
                <td className={`${TD} max-w-xs text-xs break-words`}>{m.lastError ?? '—'}</td>
                <td className={TD}>{formatDateTime(m.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <LoadMore {...query} />
      </ListState>
    </div>
  );
}
