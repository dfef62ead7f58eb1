/**
 * The team's answer to a meeting request, in `zod/mini`: the admin panel's island validates
 * with it before sending, and the server with the same schema (meeting-replies.server.ts).
 * This module imports only zod/mini, so the island does not load classic zod; `timeSlots` are
 * the meeting form's slots (meeting.ts), passed in for the same reason.
 */
import { isoDate, withDefault, z } from '../../lib/zod-mini';

const note = withDefault(z.string().check(z.trim(), z.maxLength(2000, 'The note is too long')), '');

export function meetingActionSchema(timeSlots: readonly string[]) {
  return z.discriminatedUnion('action', [
    z.object({ action: z.literal('confirm'), note }),
    z.object({
      action: z.literal('propose'),
      date: isoDate('Please choose a valid date'),
      time: z
        .string()
        .check(z.refine((t) => timeSlots.includes(t), 'Please choose one of the offered times')),
      note,
    }),
    z.object({ action: z.literal('decline'), note }),
  ]);
}
export type MeetingAction = z.output<ReturnType<typeof meetingActionSchema>>;
