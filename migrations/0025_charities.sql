CREATE TABLE `charities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`website` text,
	`about` text DEFAULT '' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`usual_share` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `charities_number_unique` ON `charities` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `charities_one_default_idx` ON `charities` (`is_default`) WHERE is_default = 1;--> statement-breakpoint
ALTER TABLE `posts` ADD `charity_share` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `charity_id` text REFERENCES charities(id);--> statement-breakpoint
ALTER TABLE `sales` ADD `charity_share` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `pledge_pence` integer;