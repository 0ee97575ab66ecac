; The Windows installer (Inno Setup 6): the application folder that build_exe.spec makes,
; installed for the player alone, without administrator rights, with a Start-menu entry and
; an uninstaller (Settings > Apps, or the Start menu). Saves, settings and logs live in the
; player's own folders, not in the application's, so uninstalling leaves them.
;
;   iscc /DAppVersion=0.1.0 packaging\humanity-desktop.iss
;
; /DSourceDir=... names another application folder, /DOutputDir=... and /DOutputName=...
; where the installer goes; /DSign with /Ssigntool="..." signs the installer and its
; uninstaller (the release workflow, when the maintainer's certificate is set up).

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z packaging\humanity-desktop.iss
#endif
#ifndef SourceDir
  #define SourceDir "..\dist\Humanity Desktop"
#endif
#ifndef OutputDir
  #define OutputDir "..\dist"
#endif
#ifndef OutputName
  #define OutputName "Humanity-Desktop-Windows-Setup"
#endif
#define AppName "Humanity Desktop"
#define AppExe AppName + ".exe"

[Setup]
; The one identity of the installed game across versions: a newer installer replaces the older.
AppId={{89AAACBD-0C59-4BD5-82EA-898E79C21EEE}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppName}
VersionInfoVersion={#AppVersion}
PrivilegesRequired=lowest
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename={#OutputName}
SetupIconFile=..\art\icon\humanity.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
WizardStyle=modern
Compression=lzma2
SolidCompression=yes
#ifdef Sign
SignTool=signtool
SignedUninstaller=yes
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
