CREATE TABLE `subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`new_work` integer DEFAULT true NOT NULL,
	`categories` text DEFAULT '[]' NOT NULL,
	`events` integer DEFAULT true NOT NULL,
	`source` text DEFAULT 'footer' NOT NULL,
	`requested_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`confirmation_due` integer DEFAULT true NOT NULL,
	`confirmation_sent_at` text,
	`consent` text,
	`left_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
CREATE INDEX `subscribers_status_idx` ON `subscribers` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_confirmation_idx` ON `subscribers` (`confirmation_due`,`confirmation_sent_at`);