// The screens' side of a write: put it in the outbox (the screen shows the change at once), then
// wait a moment for this tab to send it, so the person sees the server's own message as a toast.
// Offline, or when another tab is the one syncing, the write stays queued and they are told so.
import { enqueue, waitForReport, type NewOperation, type SendReport } from './outbox.ts';
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

/** Enqueues and reports; throws only when the device could not even store the write. */
export async function sendWrite(op: NewOperation, successFallback: string): Promise<WriteResult> {
  let entry: OutboxEntry;
  try {
    entry = await enqueue(op);
  } catch (error) {
    notifyError(error);
    throw error;
  }
  const report = navigator.onLine ? await waitForReport(entry.key, WRITE_REPORT_WAIT_MS) : null;
  if (!report) notifySuccess(navigator.onLine ? WRITE_QUEUED_MESSAGE : WRITE_QUEUED_OFFLINE_MESSAGE);
  else if (report.outcome === 'done') notifySuccess(report.message || successFallback);
  else if (report.outcome === 'conflict') notifyError(CONFLICT_SENTENCE);
  else notifyError(report.message);
  return { entry, report };
}
