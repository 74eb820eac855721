CREATE TABLE `sale_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`last_attempt_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sale_receipts_sale_idx` ON `sale_receipts` (`sale_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sale_receipts_status_created_at_idx` ON `sale_receipts` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `sales` ADD `certificate_number` text;--> statement-breakpoint
-- Sales recorded before certificates get a number each (randomblob runs once per row).
UPDATE `sales` SET `certificate_number` = upper(hex(randomblob(8))) WHERE `certificate_number` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_certificate_number_idx` ON `sales` (`certificate_number`);