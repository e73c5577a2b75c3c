import type { Command } from 'commander';
import type { Io } from './io.ts';

export function registerStrikeImpact(program: Command, io: Io): void {
  void program;
  void io;
}
