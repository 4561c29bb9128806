import { z } from "zod";
import { id, object } from "../../http/responses/shapes";

const count = z.number().int();

export const reportResponses = {
  appointments: {
    200: object({
      appointmentsByAttendents: z.array(object({ user_id: id, user_name: z.string(), total_tickets: count })),
      ticketsByQueues: z.array(object({ queue_id: id, name: z.string(), color: z.string(), total_tickets: count })),
    }).meta({ description: "Attendances of the period per attendant and per queue." }),
  },
  rushHour: {
    200: z.array(object({ message_hour: z.number().int().meta({ description: "0–23, the company's time zone." }), message_count: count })).meta({ description: "Messages per hour of the day; only hours with messages." }),
  },
  ratings: {
    200: z.array(object({ queue_id: id, name: z.string(), total_rate: z.number().meta({ description: "Average rating, 1–3." }), total_ratings: count })).meta({ description: "The customers' average rating per queue." }),
  },
};
