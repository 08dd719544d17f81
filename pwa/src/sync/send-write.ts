// The screens' side of a write: put it in the outbox (the screen shows the change at once), then
// wait a moment for this tab to send it, so the person sees the server's own message as a toast.
// Offline, or when another tab is the one syncing, the write stays queued and they are told so.
// A write that cancelled a never-sent one (deleting a record created offline) is done at once.
import { queueWrite, waitForReport, type NewOperation, type SendReport } from './outbox.ts';
import type { Queued } from './outbox-merge.ts';
import type { OutboxEntry } from '../db/db.ts';
import { notifyError, notifySuccess } from '../components/ui/toast.tsx';
import { CONFLICT_SENTENCE } from '../lib/admin-messages.ts';

/** How long a screen waits for the server's answer before saying the write will go later. */
const WRITE_REPORT_WAIT_MS = 8_000;
const WRITE_QUEUED_OFFLINE_MESSAGE = 'Saved on this device. It will be sent when the connection returns.';
const WRITE_QUEUED_MESSAGE = 'Saved on this device. It will be sent shortly.';

export interface WriteResult {
  entry: OutboxEntry;
  /** null when no answer came in time (offline, or another tab is sending). */
  report: SendReport | null;
}

/** Waits for the server's answer to a stored write, or answers at once when nothing is to be sent. */
async function answerFor(queued: Queued): Promise<SendReport | null> {
  if (!queued.waiting) return { outcome: 'done', message: '' };
  return navigator.onLine ? waitForReport(queued.entry.key, WRITE_REPORT_WAIT_MS) : null;
}

/** Enqueues and reports; throws only when the device could not even store the write. */
export async function sendWrite(op: NewOperation, successFallback: string): Promise<WriteResult> {
  let queued: Queued;
  try {
    queued = await queueWrite(op);
  } catch (error) {
    notifyError(error);
    throw error;
  }
  const { entry } = queued;
  const report = await answerFor(queued);
  if (!report) notifySuccess(navigator.onLine ? WRITE_QUEUED_MESSAGE : WRITE_QUEUED_OFFLINE_MESSAGE);
  else if (report.outcome === 'done') notifySuccess(report.message || successFallback);
  else if (report.outcome === 'conflict') notifyError(CONFLICT_SENTENCE);
  else notifyError(report.message);
  return { entry, report };
}
