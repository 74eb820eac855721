CREATE TABLE `collectors` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`address` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collectors_email_unique` ON `collectors` (`email`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`post_title` text NOT NULL,
	`option_id` text,
	`option_name` text,
	`edition_number` integer,
	`edition_size` integer,
	`price_pence` integer,
	`sold_on` text NOT NULL,
	`payment` text DEFAULT 'not-recorded' NOT NULL,
	`shipping` text DEFAULT 'not-recorded' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`collector_id` text,
	`message_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`undone_at` text,
	FOREIGN KEY (`collector_id`) REFERENCES `collectors`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sales_sold_on_idx` ON `sales` (`sold_on`,`created_at`);--> statement-breakpoint
CREATE INDEX `sales_collector_idx` ON `sales` (`collector_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_original_once_idx` ON `sales` (`post_id`) WHERE option_id is null and undone_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_edition_number_once_idx` ON `sales` (`post_id`,`option_id`,`edition_number`) WHERE edition_number is not null and undone_at is null;