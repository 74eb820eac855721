CREATE TABLE `donations` (
	`id` text PRIMARY KEY NOT NULL,
	`charity_id` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`given_on` text NOT NULL,
	`reference` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`charity_id`) REFERENCES `charities`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `donations_charity_idx` ON `donations` (`charity_id`,`given_on`);