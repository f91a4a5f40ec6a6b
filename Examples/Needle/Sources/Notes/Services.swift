/// The services the components share.
final class Analytics {}
final class Theme {}
final class Session {}
final class NotesStore {}
final class Clock {}
