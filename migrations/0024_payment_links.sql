CREATE TABLE `payment_links` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`post_id` text NOT NULL,
	`option_id` text,
	`amount_pence` integer NOT NULL,
	`stripe_id` text,
	`url` text,
	`status` text DEFAULT 'new' NOT NULL,
	`sale_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_links_stripe_id_unique` ON `payment_links` (`stripe_id`);--> statement-breakpoint
CREATE INDEX `payment_links_status_idx` ON `payment_links` (`status`,`post_id`);