<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="gu_terrain" tilewidth="32" tileheight="32" tilecount="57" columns="8">
 <image source="gu_terrain.png" width="256" height="256"/>
 <tile id="0" type="gu_square">
  <properties>
   <property name="label" type="string" value="grass"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="1" type="gu_square">
  <properties>
   <property name="label" type="string" value="meadow"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="2" type="gu_square">
  <properties>
   <property name="label" type="string" value="path"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="3" type="gu_square">
  <properties>
   <property name="label" type="string" value="bare rock"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="4" type="gu_square">
  <properties>
   <property name="label" type="string" value="scree"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="5" type="gu_square">
  <properties>
   <property name="label" type="string" value="mud"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="6" type="gu_square">
  <properties>
   <property name="label" type="string" value="pool"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="water"/>
  </properties>
 </tile>
 <tile id="7" type="gu_square">
  <properties>
   <property name="label" type="string" value="deep channel"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="water"/>
  </properties>
 </tile>
 <tile id="8" type="gu_square">
  <properties>
   <property name="label" type="string" value="waterfall"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="water"/>
  </properties>
 </tile>
 <tile id="9" type="gu_square">
  <properties>
   <property name="label" type="string" value="boardwalk"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="10" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (1 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="11" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (2 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="12" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (3 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="13" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (4 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="14" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (5 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="15" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (6 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="16" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (7 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="17" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (8 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="18" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (9 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="19" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock (10 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="20" type="gu_square">
  <properties>
   <property name="label" type="string" value="platform (1 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="21" type="gu_square">
  <properties>
   <property name="label" type="string" value="platform (2 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="22" type="gu_square">
  <properties>
   <property name="label" type="string" value="platform (3 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="23" type="gu_square">
  <properties>
   <property name="label" type="string" value="platform (4 m)"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="normal"/>
   <property name="elevation_m" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="24" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="25" type="gu_square">
  <properties>
   <property name="label" type="string" value="boulder"/>
   <property name="cover" type="string" propertytype="gu_cover" value="partial"/>
  </properties>
 </tile>
 <tile id="26" type="gu_square">
  <properties>
   <property name="label" type="string" value="rock spire"/>
   <property name="cover" type="string" propertytype="gu_cover" value="full"/>
  </properties>
 </tile>
 <tile id="27" type="gu_square">
  <properties>
   <property name="label" type="string" value="crate"/>
   <property name="cover" type="string" propertytype="gu_cover" value="partial"/>
  </properties>
 </tile>
 <tile id="28" type="gu_square">
  <properties>
   <property name="label" type="string" value="stacked crates"/>
   <property name="cover" type="string" propertytype="gu_cover" value="partial"/>
  </properties>
 </tile>
 <tile id="29" type="gu_square">
  <properties>
   <property name="label" type="string" value="fence"/>
   <property name="cover" type="string" propertytype="gu_cover" value="partial"/>
  </properties>
 </tile>
 <tile id="30" type="gu_square">
  <properties>
   <property name="label" type="string" value="fence"/>
   <property name="cover" type="string" propertytype="gu_cover" value="partial"/>
  </properties>
 </tile>
 <tile id="31" type="gu_square">
  <properties>
   <property name="label" type="string" value="hut wall"/>
   <property name="cover" type="string" propertytype="gu_cover" value="full"/>
  </properties>
 </tile>
 <tile id="32" type="gu_square">
  <properties>
   <property name="label" type="string" value="fallen log"/>
   <property name="cover" type="string" propertytype="gu_cover" value="partial"/>
  </properties>
 </tile>
 <tile id="33" type="gu_square">
  <properties>
   <property name="label" type="string" value="bamboo thicket"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="difficult"/>
   <property name="hide" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="34" type="gu_square">
  <properties>
   <property name="label" type="string" value="reed bed"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="difficult"/>
   <property name="hide" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="35" type="gu_square">
  <properties>
   <property name="label" type="string" value="undergrowth"/>
   <property name="hide" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="36" type="gu_square">
  <properties>
   <property name="label" type="string" value="loose scree"/>
   <property name="terrain" type="string" propertytype="gu_terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="37" type="gu_square">
  <properties>
   <property name="label" type="string" value="ladder"/>
   <property name="climbable" type="bool" value="true"/>
   <property name="climb_test_mod" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="38" type="gu_square">
  <properties>
   <property name="label" type="string" value="rope"/>
   <property name="climbable" type="bool" value="true"/>
   <property name="climb_test_mod" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="39" type="gu_square">
  <properties>
   <property name="label" type="string" value="rough face (+10)"/>
   <property name="climbable" type="bool" value="true"/>
   <property name="climb_test_mod" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="40" type="gu_square">
  <properties>
   <property name="label" type="string" value="sheer face (+20)"/>
   <property name="climbable" type="bool" value="true"/>
   <property name="climb_test_mod" type="int" value="20"/>
  </properties>
 </tile>
 <tile id="41" type="gu_square">
  <properties>
   <property name="label" type="string" value="stilt posts (+10)"/>
   <property name="climbable" type="bool" value="true"/>
   <property name="climb_test_mod" type="int" value="10"/>
  </properties>
 </tile>
</tileset>
