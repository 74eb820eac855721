ALTER TABLE `testimonials` ADD `held` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `testimonials_held_created_at_idx` ON `testimonials` (`held`,`created_at`);--> statement-breakpoint
-- "held" now means past the hourly cap; messages that were waiting for a digest say so by name.
UPDATE `messages` SET `status` = 'digest' WHERE `status` = 'held';
