-- RadarFirme initial schema. Generated from prisma/schema.prisma with scripts/db/diff.ts, then
-- edited by hand where Prisma cannot express the design: extensions, the immutable normalising
-- function and the generated name_norm columns that the trigram indexes are built on.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- lower(unaccent(x)) as an IMMUTABLE function (unaccent itself is only STABLE), so it can feed
-- generated columns and expression indexes. Folds both ș/ş and ț/ţ to s and t.
CREATE OR REPLACE FUNCTION rf_norm(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, t)) $$;

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "county" (
    "id" INTEGER NOT NULL,
    "code" VARCHAR(2) NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "siruta" INTEGER NOT NULL,
    "seat_name" VARCHAR(64) NOT NULL,
    "region" VARCHAR(32) NOT NULL,

    CONSTRAINT "county_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "locality" (
    "id" INTEGER NOT NULL,
    "county_id" INTEGER NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "name_norm" VARCHAR(80) GENERATED ALWAYS AS (rf_norm("name")) STORED,
    "type" VARCHAR(16) NOT NULL,
    "is_seat" BOOLEAN NOT NULL DEFAULT false,
    "urban" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "locality_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "locality_component" (
    "id" INTEGER NOT NULL,
    "locality_id" INTEGER NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "postal_code" VARCHAR(6),

    CONSTRAINT "locality_component_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "caen" (
    "revision" INTEGER NOT NULL,
    "code" VARCHAR(4) NOT NULL,
    "level" VARCHAR(8) NOT NULL,
    "name" TEXT NOT NULL,
    "name_norm" TEXT GENERATED ALWAYS AS (rf_norm("name")) STORED,
    "parent_code" VARCHAR(4),
    "section" VARCHAR(1) NOT NULL,

    CONSTRAINT "caen_pkey" PRIMARY KEY ("revision","code")
);

-- CreateTable
CREATE TABLE "caen_correspondence" (
    "rev2_code" VARCHAR(4) NOT NULL,
    "rev3_code" VARCHAR(4) NOT NULL,
    "relation" VARCHAR(8) NOT NULL,

    CONSTRAINT "caen_correspondence_pkey" PRIMARY KEY ("rev2_code","rev3_code")
);

-- CreateTable
CREATE TABLE "company_status" (
    "id" SERIAL NOT NULL,
    "code" INTEGER NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "company_status_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company" (
    "cui" INTEGER NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "name_norm" VARCHAR(200) GENERATED ALWAYS AS (rf_norm("name")) STORED,
    "registration_code" VARCHAR(32),
    "euid" VARCHAR(48),
    "legal_form" VARCHAR(8),
    "county_id" INTEGER,
    "locality_id" INTEGER,
    "village" VARCHAR(80),
    "street" VARCHAR(120),
    "street_number" VARCHAR(16),
    "postal_code" VARCHAR(6),
    "full_address" VARCHAR(300),
    "establishment_date" DATE,
    "status_code" INTEGER NOT NULL DEFAULT 1048,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "caen_code" VARCHAR(4),
    "other_caen_codes" VARCHAR(4)[] DEFAULT ARRAY[]::VARCHAR(4)[],
    "website" VARCHAR(200),
    "last_year" SMALLINT,
    "employees" INTEGER NOT NULL DEFAULT 0,
    "turnover" BIGINT NOT NULL DEFAULT 0,
    "profit" BIGINT NOT NULL DEFAULT 0,
    "insolvency_score" REAL,
    "has_insolvency_risk" BOOLEAN NOT NULL DEFAULT false,
    "has_email" BOOLEAN NOT NULL DEFAULT false,
    "has_phone" BOOLEAN NOT NULL DEFAULT false,
    "has_tenders" BOOLEAN NOT NULL DEFAULT false,
    "has_eu_projects" BOOLEAN NOT NULL DEFAULT false,
    "importance" REAL NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_pkey" PRIMARY KEY ("cui")
);

-- CreateTable
CREATE TABLE "financial_year" (
    "cui" INTEGER NOT NULL,
    "year" SMALLINT NOT NULL,
    "caen_code" VARCHAR(4),
    "employees" INTEGER NOT NULL DEFAULT 0,
    "net_turnover" BIGINT NOT NULL DEFAULT 0,
    "total_income" BIGINT NOT NULL DEFAULT 0,
    "total_expenses" BIGINT NOT NULL DEFAULT 0,
    "gross_profit" BIGINT NOT NULL DEFAULT 0,
    "gross_loss" BIGINT NOT NULL DEFAULT 0,
    "net_profit" BIGINT NOT NULL DEFAULT 0,
    "net_loss" BIGINT NOT NULL DEFAULT 0,
    "total_immobilised_assets" BIGINT NOT NULL DEFAULT 0,
    "total_circulating_assets" BIGINT NOT NULL DEFAULT 0,
    "stocks" BIGINT NOT NULL DEFAULT 0,
    "receivables" BIGINT NOT NULL DEFAULT 0,
    "cash_and_bank" BIGINT NOT NULL DEFAULT 0,
    "expenses_in_advance" BIGINT NOT NULL DEFAULT 0,
    "debts" BIGINT NOT NULL DEFAULT 0,
    "income_in_advance" BIGINT NOT NULL DEFAULT 0,
    "provisions" BIGINT NOT NULL DEFAULT 0,
    "total_capitals" BIGINT NOT NULL DEFAULT 0,
    "subscribed_capital" BIGINT NOT NULL DEFAULT 0,
    "kingdom_heritage" BIGINT NOT NULL DEFAULT 0,
    "insolvency_score" REAL,

    CONSTRAINT "financial_year_pkey" PRIMARY KEY ("cui","year")
);

-- CreateTable
CREATE TABLE "company_status_event" (
    "id" SERIAL NOT NULL,
    "cui" INTEGER NOT NULL,
    "status_code" INTEGER NOT NULL,
    "event_date" DATE,

    CONSTRAINT "company_status_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_trend" (
    "cui" INTEGER NOT NULL,
    "employees_has_growth" BOOLEAN,
    "employees_spike_year" SMALLINT,
    "employees_spike_up" BOOLEAN,
    "turnover_has_growth" BOOLEAN,
    "turnover_spike_year" SMALLINT,
    "turnover_spike_up" BOOLEAN,
    "profit_has_growth" BOOLEAN,
    "profit_spike_year" SMALLINT,
    "profit_spike_up" BOOLEAN,

    CONSTRAINT "company_trend_pkey" PRIMARY KEY ("cui")
);

-- CreateTable
CREATE TABLE "company_rank" (
    "cui" INTEGER NOT NULL,
    "turnover_country" INTEGER,
    "turnover_county" INTEGER,
    "turnover_locality" INTEGER,
    "profit_country" INTEGER,
    "profit_county" INTEGER,
    "profit_locality" INTEGER,
    "employees_country" INTEGER,
    "employees_county" INTEGER,
    "employees_locality" INTEGER,
    "insolvency_country" INTEGER,
    "insolvency_county" INTEGER,
    "insolvency_locality" INTEGER,

    CONSTRAINT "company_rank_pkey" PRIMARY KEY ("cui")
);

-- CreateTable
CREATE TABLE "contact" (
    "id" SERIAL NOT NULL,
    "cui" INTEGER NOT NULL,
    "user_id" INTEGER,
    "name" VARCHAR(50),
    "role" VARCHAR(50),
    "phone" VARCHAR(50),
    "email" VARCHAR(50),
    "is_private" BOOLEAN NOT NULL DEFAULT false,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "representative" (
    "id" SERIAL NOT NULL,
    "cui" INTEGER NOT NULL,
    "user_id" INTEGER,
    "name" VARCHAR(100) NOT NULL,
    "role" VARCHAR(60),
    "phone" VARCHAR(50),
    "email" VARCHAR(100),
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "representative_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "social_media" (
    "id" SERIAL NOT NULL,
    "cui" INTEGER NOT NULL,
    "platform" VARCHAR(16) NOT NULL,
    "url" VARCHAR(200) NOT NULL,

    CONSTRAINT "social_media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tender" (
    "id" SERIAL NOT NULL,
    "notice_no" VARCHAR(32) NOT NULL,
    "title" VARCHAR(500) NOT NULL,
    "cpv_code" VARCHAR(16),
    "cpv_name" VARCHAR(200),
    "authority_cui" INTEGER NOT NULL,
    "authority_name" VARCHAR(200) NOT NULL,
    "supplier_cui" INTEGER NOT NULL,
    "supplier_name" VARCHAR(200) NOT NULL,
    "estimated_value" BIGINT,
    "final_value" BIGINT,
    "publish_date" DATE,
    "finish_date" DATE,

    CONSTRAINT "tender_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eu_project" (
    "id" SERIAL NOT NULL,
    "cui" INTEGER NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "name" VARCHAR(500) NOT NULL,
    "start_date" DATE,
    "end_date" DATE,
    "total_cost" BIGINT NOT NULL DEFAULT 0,
    "ec_contribution" BIGINT NOT NULL DEFAULT 0,
    "urls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status_code" VARCHAR(16) NOT NULL,
    "topic" VARCHAR(300),
    "objective" TEXT,

    CONSTRAINT "eu_project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collaboration" (
    "cui" INTEGER NOT NULL,
    "partner_cui" INTEGER NOT NULL,
    "number_of_collaborations" INTEGER NOT NULL,

    CONSTRAINT "collaboration_pkey" PRIMARY KEY ("cui","partner_cui")
);

-- CreateTable
CREATE TABLE "role" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(32) NOT NULL,

    CONSTRAINT "role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_user" (
    "id" SERIAL NOT NULL,
    "user_name" VARCHAR(200) NOT NULL,
    "user_name_norm" VARCHAR(200) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "email_verified" TIMESTAMP(3),
    "password_hash" TEXT,
    "role_id" INTEGER NOT NULL,
    "is_blocked" BOOLEAN NOT NULL DEFAULT false,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "external_account" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "provider" VARCHAR(32) NOT NULL,
    "provider_account_id" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "external_account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_token" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "family_id" UUID NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "long_lived" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "refresh_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset_token" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit" (
    "key" VARCHAR(300) NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "company_group_list" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_group_list_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "group_member" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "access" VARCHAR(16) NOT NULL,
    "is_owner" BOOLEAN NOT NULL DEFAULT false,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "group_member_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "group_invitation" (
    "id" UUID NOT NULL,
    "group_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "access" VARCHAR(16) NOT NULL,
    "invited_by_id" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'Pending',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMP(3),

    CONSTRAINT "group_invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_in_group" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "cui" INTEGER NOT NULL,
    "added_by_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_in_group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_comment" (
    "id" SERIAL NOT NULL,
    "company_group_id" INTEGER NOT NULL,
    "cui" INTEGER NOT NULL,
    "content" VARCHAR(250) NOT NULL,
    "created_by_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "company_comment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_template" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "description" VARCHAR(1000),
    "content" TEXT NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mail_template_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tag" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(60) NOT NULL,

    CONSTRAINT "tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_template_tag" (
    "template_id" INTEGER NOT NULL,
    "tag_id" INTEGER NOT NULL,

    CONSTRAINT "mail_template_tag_pkey" PRIMARY KEY ("template_id","tag_id")
);

-- CreateTable
CREATE TABLE "grouped_mail" (
    "id" SERIAL NOT NULL,
    "template_id" INTEGER,
    "name" VARCHAR(200) NOT NULL,
    "description" VARCHAR(1000),
    "content" TEXT NOT NULL,
    "html" TEXT,
    "created_by_id" INTEGER NOT NULL,
    "created_on" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_on" TIMESTAMP(3),
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "grouped_mail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "grouped_mail_company" (
    "id" SERIAL NOT NULL,
    "grouped_mail_id" INTEGER NOT NULL,
    "cui" INTEGER NOT NULL,
    "group_id" INTEGER,

    CONSTRAINT "grouped_mail_company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_send" (
    "id" SERIAL NOT NULL,
    "grouped_mail_id" INTEGER NOT NULL,
    "cui" INTEGER NOT NULL,
    "group_id" INTEGER,
    "email" VARCHAR(254) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'Queued',
    "tracking_id" UUID NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMP(3),
    "opened_at" TIMESTAMP(3),

    CONSTRAINT "mail_send_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_status_event" (
    "id" SERIAL NOT NULL,
    "mail_send_id" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_status_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_comment" (
    "id" SERIAL NOT NULL,
    "mail_send_id" INTEGER NOT NULL,
    "content" VARCHAR(250) NOT NULL,
    "created_by_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "mail_comment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_mail" (
    "id" SERIAL NOT NULL,
    "to" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(300) NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT,
    "kind" VARCHAR(32) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'Queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "outbox_mail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claim_request" (
    "id" SERIAL NOT NULL,
    "cui" INTEGER NOT NULL,
    "user_id" INTEGER,
    "name" VARCHAR(200) NOT NULL,
    "phone" VARCHAR(50) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "description" VARCHAR(1000),
    "status" BOOLEAN,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "claim_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "leave_message" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "phone_number" VARCHAR(50) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "message" VARCHAR(200),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leave_message_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "county_code_key" ON "county"("code");

-- CreateIndex
CREATE UNIQUE INDEX "county_siruta_key" ON "county"("siruta");

-- CreateIndex
CREATE INDEX "locality_county_id_name_idx" ON "locality"("county_id", "name");

-- CreateIndex
CREATE INDEX "locality_component_locality_id_idx" ON "locality_component"("locality_id");

-- CreateIndex
CREATE INDEX "caen_revision_parent_code_idx" ON "caen"("revision", "parent_code");

-- CreateIndex
CREATE INDEX "caen_correspondence_rev3_code_idx" ON "caen_correspondence"("rev3_code");

-- CreateIndex
CREATE UNIQUE INDEX "company_status_code_key" ON "company_status"("code");

-- CreateIndex
CREATE INDEX "company_county_id_idx" ON "company"("county_id");

-- CreateIndex
CREATE INDEX "company_caen_code_idx" ON "company"("caen_code");

-- CreateIndex
CREATE INDEX "company_status_event_cui_idx" ON "company_status_event"("cui");

-- CreateIndex
CREATE INDEX "contact_cui_idx" ON "contact"("cui");

-- CreateIndex
CREATE INDEX "contact_user_id_cui_idx" ON "contact"("user_id", "cui");

-- CreateIndex
CREATE INDEX "representative_cui_idx" ON "representative"("cui");

-- CreateIndex
CREATE UNIQUE INDEX "social_media_cui_platform_key" ON "social_media"("cui", "platform");

-- CreateIndex
CREATE INDEX "tender_authority_cui_publish_date_idx" ON "tender"("authority_cui", "publish_date");

-- CreateIndex
CREATE INDEX "tender_supplier_cui_publish_date_idx" ON "tender"("supplier_cui", "publish_date");

-- CreateIndex
CREATE INDEX "eu_project_cui_idx" ON "eu_project"("cui");

-- CreateIndex
CREATE INDEX "collaboration_cui_number_of_collaborations_idx" ON "collaboration"("cui", "number_of_collaborations" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "role_name_key" ON "role"("name");

-- CreateIndex
CREATE UNIQUE INDEX "app_user_user_name_norm_key" ON "app_user"("user_name_norm");

-- CreateIndex
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user"("email");

-- CreateIndex
CREATE INDEX "external_account_user_id_idx" ON "external_account"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "external_account_provider_provider_account_id_key" ON "external_account"("provider", "provider_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_token_token_hash_key" ON "refresh_token"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_token_family_id_idx" ON "refresh_token"("family_id");

-- CreateIndex
CREATE INDEX "refresh_token_user_id_idx" ON "refresh_token"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "password_reset_token_token_hash_key" ON "password_reset_token"("token_hash");

-- CreateIndex
CREATE INDEX "password_reset_token_user_id_idx" ON "password_reset_token"("user_id");

-- CreateIndex
CREATE INDEX "company_group_list_owner_id_idx" ON "company_group_list"("owner_id");

-- CreateIndex
CREATE INDEX "group_member_user_id_idx" ON "group_member"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "group_member_group_id_user_id_key" ON "group_member"("group_id", "user_id");

-- CreateIndex
CREATE INDEX "group_invitation_group_id_idx" ON "group_invitation"("group_id");

-- CreateIndex
CREATE INDEX "company_in_group_cui_idx" ON "company_in_group"("cui");

-- CreateIndex
CREATE UNIQUE INDEX "company_in_group_group_id_cui_key" ON "company_in_group"("group_id", "cui");

-- CreateIndex
CREATE INDEX "company_comment_company_group_id_idx" ON "company_comment"("company_group_id");

-- CreateIndex
CREATE INDEX "mail_template_owner_id_idx" ON "mail_template"("owner_id");

-- CreateIndex
CREATE UNIQUE INDEX "tag_name_key" ON "tag"("name");

-- CreateIndex
CREATE INDEX "grouped_mail_created_by_id_sent_on_idx" ON "grouped_mail"("created_by_id", "sent_on");

-- CreateIndex
CREATE UNIQUE INDEX "grouped_mail_company_grouped_mail_id_cui_key" ON "grouped_mail_company"("grouped_mail_id", "cui");

-- CreateIndex
CREATE UNIQUE INDEX "mail_send_tracking_id_key" ON "mail_send"("tracking_id");

-- CreateIndex
CREATE INDEX "mail_send_grouped_mail_id_idx" ON "mail_send"("grouped_mail_id");

-- CreateIndex
CREATE INDEX "mail_send_cui_idx" ON "mail_send"("cui");

-- CreateIndex
CREATE INDEX "mail_send_status_idx" ON "mail_send"("status");

-- CreateIndex
CREATE INDEX "mail_status_event_mail_send_id_idx" ON "mail_status_event"("mail_send_id");

-- CreateIndex
CREATE INDEX "mail_comment_mail_send_id_idx" ON "mail_comment"("mail_send_id");

-- CreateIndex
CREATE INDEX "outbox_mail_status_next_attempt_idx" ON "outbox_mail"("status", "next_attempt");

-- CreateIndex
CREATE INDEX "claim_request_status_created_at_idx" ON "claim_request"("status", "created_at");

-- CreateIndex
CREATE INDEX "claim_request_cui_idx" ON "claim_request"("cui");

-- AddForeignKey
ALTER TABLE "locality" ADD CONSTRAINT "locality_county_id_fkey" FOREIGN KEY ("county_id") REFERENCES "county"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "locality_component" ADD CONSTRAINT "locality_component_locality_id_fkey" FOREIGN KEY ("locality_id") REFERENCES "locality"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company" ADD CONSTRAINT "company_county_id_fkey" FOREIGN KEY ("county_id") REFERENCES "county"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company" ADD CONSTRAINT "company_locality_id_fkey" FOREIGN KEY ("locality_id") REFERENCES "locality"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_year" ADD CONSTRAINT "financial_year_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_status_event" ADD CONSTRAINT "company_status_event_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_trend" ADD CONSTRAINT "company_trend_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_rank" ADD CONSTRAINT "company_rank_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact" ADD CONSTRAINT "contact_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact" ADD CONSTRAINT "contact_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "representative" ADD CONSTRAINT "representative_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "social_media" ADD CONSTRAINT "social_media_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eu_project" ADD CONSTRAINT "eu_project_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "external_account" ADD CONSTRAINT "external_account_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_group_list" ADD CONSTRAINT "company_group_list_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "company_group_list"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_invitation" ADD CONSTRAINT "group_invitation_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "company_group_list"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_in_group" ADD CONSTRAINT "company_in_group_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "company_group_list"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_in_group" ADD CONSTRAINT "company_in_group_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_comment" ADD CONSTRAINT "company_comment_company_group_id_fkey" FOREIGN KEY ("company_group_id") REFERENCES "company_in_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_template" ADD CONSTRAINT "mail_template_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_template_tag" ADD CONSTRAINT "mail_template_tag_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "mail_template"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_template_tag" ADD CONSTRAINT "mail_template_tag_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grouped_mail" ADD CONSTRAINT "grouped_mail_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "mail_template"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grouped_mail" ADD CONSTRAINT "grouped_mail_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grouped_mail_company" ADD CONSTRAINT "grouped_mail_company_grouped_mail_id_fkey" FOREIGN KEY ("grouped_mail_id") REFERENCES "grouped_mail"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_send" ADD CONSTRAINT "mail_send_grouped_mail_id_fkey" FOREIGN KEY ("grouped_mail_id") REFERENCES "grouped_mail"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_status_event" ADD CONSTRAINT "mail_status_event_mail_send_id_fkey" FOREIGN KEY ("mail_send_id") REFERENCES "mail_send"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_comment" ADD CONSTRAINT "mail_comment_mail_send_id_fkey" FOREIGN KEY ("mail_send_id") REFERENCES "mail_send"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claim_request" ADD CONSTRAINT "claim_request_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claim_request" ADD CONSTRAINT "claim_request_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;
