CREATE TABLE `commission_progress_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`commission_id` text NOT NULL,
	`key` text NOT NULL,
	`copies` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`commission_id`) REFERENCES `commissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `commission_progress_photos_commission_idx` ON `commission_progress_photos` (`commission_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `commissions` ADD `quote_pence` integer;--> statement-breakpoint
ALTER TABLE `commissions` ADD `deposit_pence` integer;--> statement-breakpoint
ALTER TABLE `commissions` ADD `expected_on` text;--> statement-breakpoint
ALTER TABLE `commissions` ADD `progress_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_progress_token_unique` ON `commissions` (`progress_token`);