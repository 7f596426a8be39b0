# Sourced by Scripts/bootstrap.sh and Scripts/swift-release.sh (Linux):
# whether the linker finds lib$1.so, the development link a `-l$1` needs.
have_dev_link() {
  local dir
  for dir in /usr/lib/"$(uname -m)"-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
    [ -e "$dir/lib$1.so" ] && return 0
  done
  return 1
}
