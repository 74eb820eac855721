CREATE TABLE `commission_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`draft_id` text NOT NULL,
	`commission_id` text,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`bytes` integer NOT NULL,
	`sender` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `commission_photos_created_at_idx` ON `commission_photos` (`created_at`);--> statement-breakpoint
CREATE INDEX `commission_photos_sender_idx` ON `commission_photos` (`sender`,`created_at`);--> statement-breakpoint
CREATE INDEX `commission_photos_commission_idx` ON `commission_photos` (`commission_id`);--> statement-breakpoint
CREATE INDEX `commission_photos_draft_idx` ON `commission_photos` (`draft_id`);--> statement-breakpoint
CREATE TABLE `commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`medium` text NOT NULL,
	`size` text NOT NULL,
	`budget_min_pence` integer NOT NULL,
	`budget_max_pence` integer NOT NULL,
	`wanted_by` text,
	`stage` text DEFAULT 'new' NOT NULL,
	`photos_refused` integer DEFAULT 0 NOT NULL,
	`ended_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `commissions_created_at_idx` ON `commissions` (`created_at`);--> statement-breakpoint
CREATE INDEX `commissions_ended_at_idx` ON `commissions` (`ended_at`);