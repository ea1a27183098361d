-- One mail rate for every sender of the deployment (issue 32, docs/decisions/052): each bucket
-- ('global', 'domain:<provider>') keeps the earliest moment its next message may leave; senders
-- reserve their slot with one UPDATE of that row (server/sending/rate.ts).
CREATE TABLE "mail_rate_slot" (
    "key" VARCHAR(100) NOT NULL,
    "next_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "mail_rate_slot_pkey" PRIMARY KEY ("key")
);
