CREATE TABLE `announcement_recipients` (
	`announcement_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`seq` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claim` text,
	`error` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`announcement_id`, `subscriber_id`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcement_recipients_seq_idx` ON `announcement_recipients` (`announcement_id`,`seq`);--> statement-breakpoint
CREATE INDEX `announcement_recipients_status_idx` ON `announcement_recipients` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`line` text NOT NULL,
	`artworks` text NOT NULL,
	`events` text NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `announcements_created_idx` ON `announcements` (`created_at`);