#!/usr/bin/env bash
# Makes the offline demo video model's clips (assets/demo-clips/), which are committed: the app
# never runs ffmpeg. Each look is a slowly turning colour gradient labelled "Demo", 480 × 270,
# 15 frames a second, VP9 in WebM (what Chromium, Firefox and Safari all play), in a 5 and a 10
# second cut, with the first frame as a WebP poster. clips.json lists what ffprobe reads from
# each file (size and duration), which is what the demo provider stores with a result.
# Needs ffmpeg and ffprobe (Debian: apt-get install -y ffmpeg) and node. Run from anywhere:
#   bash scripts/make-demo-clips.sh
set -euo pipefail
cd "$(dirname "$0")/.."

out=assets/demo-clips
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
size=480x270
rate=15
durations=(5 10)
# name, then the gradients source's options (type, colours, turning speed)
looks=(
  "dawn|type=radial:n=4:c0=0xffd166:c1=0xef476f:c2=0x7b2d8e:c3=0x1b1440:speed=0.05"
  "ocean|type=spiral:n=3:c0=0x0b3d91:c1=0x1fa2b8:c2=0xa8f0e6:speed=0.04"
  "aurora|type=circular:n=4:c0=0x0d1b2a:c1=0x2ec4b6:c2=0x8338ec:c3=0x3a86ff:speed=0.05"
)

label="drawtext=fontfile=$font:text=Demo:fontcolor=white@0.9:fontsize=22:x=w-tw-12:y=h-th-10:shadowcolor=black@0.5:shadowx=1:shadowy=1"
ffmpeg=(ffmpeg -hide_banner -loglevel error -y)

rm -rf "$out"
mkdir -p "$out"
entries=()
for look in "${looks[@]}"; do
  name="${look%%|*}"
  source="gradients=${look#*|}:s=$size:r=$rate:seed=7"
  for seconds in "${durations[@]}"; do
    file="$name-${seconds}s.webm"
    "${ffmpeg[@]}" -f lavfi -i "$source:d=$seconds" -vf "$label" \
      -c:v libvpx-vp9 -b:v 0 -crf 45 -deadline good -cpu-used 4 -row-mt 1 -pix_fmt yuv420p -an "$out/$file"
    probe="$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height:format=duration -of csv=p=0:s=, "$out/$file" | paste -sd, -)"
    entries+=("$name,$file,$name.webp,$probe")
  done
  "${ffmpeg[@]}" -i "$out/$name-${durations[0]}s.webm" -frames:v 1 -c:v libwebp -quality 80 "$out/$name.webp"
done

printf '%s\n' "${entries[@]}" | node -e '
  const lines = require("node:fs").readFileSync(0, "utf8").trim().split("\n");
  const clips = lines.map((line) => {
    const [look, file, poster, width, height, duration] = line.split(",");
    return { look, file, poster, width: Number(width), height: Number(height), duration: Number(duration) };
  });
  process.stdout.write(JSON.stringify(clips, null, 2) + "\n");
' >"$out/clips.json"
ls -l "$out"
