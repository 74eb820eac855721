CREATE TABLE `public_cache_purges` (
	`tag` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `public_cache_purges_seq_idx` ON `public_cache_purges` (`seq`);