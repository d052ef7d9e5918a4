ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_organizer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_order_id_orders_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_entries_organizer_idx";