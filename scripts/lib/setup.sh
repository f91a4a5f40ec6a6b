# Shared by scripts/quickstart and scripts/test (sourced, not run): installs what a fresh machine
# lacks and runs long steps quietly. Each step prints one line on standard error, prefixed with the
# calling script's name; its full output goes to a log under .build/setup/, named only on failure.
#
# Callers set `setup_name` (the prefix) before sourcing.

setup_logs=.build/setup

say() { printf '%s: %s\n' "$setup_name" "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else say "installing needs root: run as root or install sudo, then run this again"; exit 1
  fi
}

# What SwiftPM prints, with no newline, while another SwiftPM holds the build folder's lock.
swiftpm_waiting='Another instance of SwiftPM'

# Runs "$@" with its output appended to LOG; on failure prints the log's last lines, names it, and
# exits. While it runs, a SwiftPM that waits for another one's lock on the build folder (a build
# in another terminal, an editor's) is said once: the wait is otherwise silent, and may be long.
#   quietly LOG WHAT COMMAND...
quietly() {
  local log=$1 what=$2
  shift 2
  mkdir -p "$(dirname "$log")"
  local start
  start=$(($({ wc -c < "$log"; } 2>/dev/null || echo 0) + 1))
  "$@" >> "$log" 2>&1 <&0 &
  local pid=$! said=0 status=0
  # A script's background job ignores Ctrl-C; stopping the script stops the step too.
  trap 'kill "$pid" 2>/dev/null; exit 130' INT TERM
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$said" = 0 ] && tail -c "+$start" "$log" 2>/dev/null | grep -q "$swiftpm_waiting"; then
      say "waiting for another SwiftPM, which is using this folder's .build, to finish"
      said=1
    fi
    sleep 0.2
  done
  wait "$pid" || status=$?
  trap - INT TERM
  if [ "$status" -ne 0 ]; then
    tail -n 25 "$log" >&2
    say "$what failed; the whole log is $log"
    exit 1
  fi
}

# The Debian packages among "$@" that are not installed.
missing_debian_packages() {
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' || printf '%s\n' "$package"
  done
}

# Installs the Debian packages among "$@" that are missing, one line on standard error, apt's
# progress in .build/setup/apt.log.
#   install_debian_packages PACKAGE...
install_debian_packages() {
  local missing
  mapfile -t missing < <(missing_debian_packages "$@")
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null; then
    say "missing ${missing[*]} and no apt-get: install them with your package manager, then run this again"
    exit 1
  fi
  say "installing ${missing[*]}"
  local log=$setup_logs/apt.log
  mkdir -p "$setup_logs"
  : > "$log"
  quietly "$log" "apt-get update" as_root apt-get update
  quietly "$log" "installing ${missing[*]}" \
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

# Installs Homebrew formulae whose pkg-config module or command is missing (macOS).
#   install_brew_formulae FORMULA...
install_brew_formulae() {
  if ! command -v brew >/dev/null; then
    say "Homebrew is needed to install $*: see https://brew.sh, then run this again"
    exit 1
  fi
  say "installing $*"
  mkdir -p "$setup_logs" && : > "$setup_logs/brew.log"
  quietly "$setup_logs/brew.log" "brew install $*" brew install "$@"
}

# Graphviz's C library and pkg-config, which every build of graphinspect needs.
install_graphviz_library() {
  case "$(uname -s)" in
    Linux) install_debian_packages libgraphviz-dev pkg-config ;;
    Darwin) pkg-config --exists libgvc 2>/dev/null || install_brew_formulae graphviz pkg-config ;;
  esac
}

if ! command -v swift >/dev/null; then
  say "Swift 6 is not installed: get it from https://www.swift.org/install/ and run this again"
  exit 1
fi
