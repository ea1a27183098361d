-- Webhooks (issue 50, docs/decisions/096): a user's endpoints, the durable delivery queue (one row
-- per endpoint and event, claimed with a lease as outbox_mail) and the log of every attempt.
CREATE TABLE "webhook_endpoint" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "url" VARCHAR(2000) NOT NULL,
    "description" VARCHAR(200) NOT NULL DEFAULT '',
    "events" TEXT[] NOT NULL,
    "secret" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "disabled_at" TIMESTAMPTZ(6),
    "disabled_reason" VARCHAR(300),
    "failing_since" TIMESTAMPTZ(6),
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_endpoint_user_id_idx" ON "webhook_endpoint"("user_id");
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_delivery" (
    "id" BIGSERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "msg_id" VARCHAR(64) NOT NULL,
    "event_type" VARCHAR(64) NOT NULL,
    "dedupe_key" VARCHAR(200) NOT NULL,
    "payload" TEXT NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'Queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "delivered_at" TIMESTAMPTZ(6),
    "last_status" INTEGER,
    "last_error" VARCHAR(500),
    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_delivery_msg_id_key" ON "webhook_delivery"("msg_id");
CREATE UNIQUE INDEX "webhook_delivery_endpoint_id_dedupe_key_key" ON "webhook_delivery"("endpoint_id", "dedupe_key");
CREATE INDEX "webhook_delivery_endpoint_id_id_idx" ON "webhook_delivery"("endpoint_id", "id" DESC);
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery"("next_attempt", "id") WHERE "status" IN ('Queued', 'Sending');
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_attempt" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "attempted_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "status_code" INTEGER,
    "error" VARCHAR(500),
    "duration_ms" INTEGER NOT NULL DEFAULT 0,
    "response_excerpt" VARCHAR(1000),
    CONSTRAINT "webhook_attempt_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_attempt_delivery_id_idx" ON "webhook_attempt"("delivery_id");
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
